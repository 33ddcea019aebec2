# expect: exit=2 stderr="socket"
import socket
socket.create_connection(("example.com", 80))
