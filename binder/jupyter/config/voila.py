"""Voila's one setting that is code (the rest are in voila.json), read by `voila` and by Voila
inside a Jupyter server (Binder) alike.

When a tab closes or reloads, Voila's page asks the server to shut its kernel down, sending the
value of its `_xsrf` cookie; but Voila's page handler never issues that cookie, so the server
refuses the request (403 "'_xsrf' argument missing from POST", voila-dashboards/voila#1458) and
every closed or reloaded tab leaves a kernel running. The hook below has the page handler issue
the cookie, with the server's own token: the XSRF check stays on for every request.
"""


def issue_xsrf_cookie(req_handler, notebook, cwd):
    """Voila's prelaunch hook: reading the handler's XSRF token sets the `_xsrf` cookie."""
    req_handler.xsrf_token  # noqa: B018 - read for its effect
    return notebook


c = get_config()  # noqa: F821 - given by Jupyter's config loader
c.VoilaConfiguration.prelaunch_hook = issue_xsrf_cookie
