# raise SystemExit with a success code ends the program quietly (status 0)
def main():
    try:
        raise SystemExit(1)
    except SystemExit as e:
        print("caught", e.code)
    for i in range(3):
        print(i)
        if i == 1:
            raise SystemExit
main()
print("not reached")
