"""The bare stack: the least a Channels app must do to carry a tap to six phones.

A consumer that joins its table's group and forwards, and a view that only does a
``group_send`` of a payload as big as the app's push. Same server (uvicorn), same
channel layer as the app, no database, no sessions, no middleware.
"""
