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


def test_spec_documents_how_credentials_travel(app):
    with app.app_context():
        spec = app.extensions["protokoll_api"].spec.to_dict()
    schemes = spec["components"]["securitySchemes"]
    assert schemes["bearerAuth"] == {**schemes["bearerAuth"], "type": "http", "scheme": "bearer"}
    assert (schemes["joinCode"]["in"], schemes["joinCode"]["name"]) == ("header", "X-Join-Code")
    assert (schemes["joinCodeQuery"]["in"], schemes["joinCodeQuery"]["name"]) == ("query", "code")
    assert (schemes["spectatorKey"]["in"], schemes["spectatorKey"]["name"]) == (
        "header", "X-Spectator-Key")
    assert schemes["spectatorKeyQuery"]["name"] == "spectator_key"
    for path in ("/api/tables/{table_id}", "/api/tables/{table_id}/events",
                 "/api/tables/{table_id}/protokoll"):
        get = spec["paths"][path]["get"]
        assert {name for option in get["security"] for name in option} == set(schemes)
        assert {"401", "403", "404", "429"} <= set(get["responses"])
    assert "429" in spec["paths"]["/api/tables/{table_id}/events"]["post"]["responses"]
    assert "429" in spec["paths"]["/api/join"]["post"]["responses"]
    assert spec["paths"]["/api/tables/{table_id}/devices/{device_id}"]["delete"]["security"] == [
        {"bearerAuth": []}]
