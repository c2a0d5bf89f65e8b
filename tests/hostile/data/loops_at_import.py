"""An entrypoint module that never finishes importing."""

while True:
    pass
