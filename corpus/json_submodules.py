import json
import json.decoder
from json.decoder import JSONDecodeError
from json.encoder import encode_basestring, encode_basestring_ascii
import json.encoder as je
try:
    json.loads("[")
except json.decoder.JSONDecodeError as e:
    print("caught", e)
print(JSONDecodeError is json.JSONDecodeError, je.JSONEncoder is json.JSONEncoder)
print(encode_basestring("é\n\""), encode_basestring_ascii("é\n\U0001f600"))
try:
    encode_basestring(5)
except TypeError as e:
    print(e)
print(json.decoder.JSONDecoder().decode("[1]"), json.encoder.JSONEncoder().encode([1]))
