"""Web play: HTTP and websocket play with invite links, bots and a database.

    courtly serve --port 8000 --db courtly.db

``app.create_app`` builds the app; ``tables`` holds a game being played,
``live`` its connections, ``db`` and ``models`` persistence, ``protocol`` the
messages, ``bots`` the server-side bots, ``limits`` the rate limits.
"""
