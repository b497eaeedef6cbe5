"""Web play: HTTP and websocket play with invite links, bots and a database.

    courtly serve --port 8000 --db courtly.db

``app.create_app`` builds the app; ``api`` holds every ``/api`` route and the
websocket, ``pages`` the pages; ``live.Hub`` the tables in memory, put together
from one module per job (``connections``, ``acting``, ``clocks``, ``reviews``,
``peers``); ``tables`` a game being played, ``db`` and ``models`` persistence,
``protocol`` the messages, ``bots`` the server-side bots, ``limits`` the rate
limits. docs/server.md ("Where the code is") maps every module.
"""
