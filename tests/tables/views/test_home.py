def test_it_explains_the_app_and_offers_sign_in_and_sign_up(client):
    response = client.get("/")

    assert response.status_code == 200
    content = response.content.decode()
    assert "referee and the bank" in content
    assert 'href="/accounts/signup/"' in content
    assert 'href="/accounts/login/"' in content


def test_it_sends_a_content_security_policy_without_inline_script(client):
    response = client.get("/")

    policy = response.headers["Content-Security-Policy"]
    assert "script-src 'self'" in policy
    assert "unsafe-inline" not in policy


def test_the_browsers_own_favicon_request_is_sent_to_the_apps_icon(client):
    response = client.get("/favicon.ico")

    assert response.status_code == 301
    assert response["Location"].endswith("favicon.svg")
    assert client.get(response["Location"]).status_code == 200


def test_the_favicon_is_only_read(client):
    assert client.post("/favicon.ico").status_code == 405
