"""openapi.yaml is generated from the code (``flask openapi write``); stale means failure."""

from __future__ import annotations

from pathlib import Path

import yaml

ROOT = Path(__file__).resolve().parents[2]
REGENERATE = ("flask --app \"api:create_app({'DATABASE': ':memory:'})\" "
              "openapi write --format yaml openapi.yaml")


def test_openapi_yaml_is_current(app):
    committed = yaml.safe_load((ROOT / "openapi.yaml").read_text(encoding="utf-8"))
    with app.app_context():
        generated = app.extensions["protokoll_api"].spec.to_dict()
    assert committed == generated, f"openapi.yaml is stale: run {REGENERATE}"


def test_spec_documents_the_error_shape_and_the_token(app):
    with app.app_context():
        spec = app.extensions["protokoll_api"].spec.to_dict()
    error = spec["components"]["schemas"]["Error"]
    assert set(error["required"]) == {"code", "message", "messages", "rule", "details"}
    post = spec["paths"]["/api/tables/{table_id}/events"]["post"]
    assert post["security"] == [{"bearerAuth": []}]
    assert {"400", "401", "403", "404", "409", "422"} <= set(post["responses"])
