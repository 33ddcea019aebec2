import re
from collections import Counter

text = """It was the best of times, it was the worst of times, it was the age of
wisdom, it was the age of foolishness, it was the epoch of belief, it was the
epoch of incredulity, it was the season of Light, it was the season of Darkness."""
words = re.findall(r"[a-z']+", text.lower())
freq = Counter(words)
for w, n in freq.most_common(6):
    print(f"{w:10} {n}")
sentences = re.split(r'(?<=[.!?])\s+', "Hi there. How are you? Fine! Bye.")
print(sentences)
print(len(re.findall(r'\bit was\b', text, re.I)))
print(re.sub(r'\s+', ' ', text)[:60])
caps = re.findall(r'\b[A-Z][a-z]+\b', text)
print(caps)
