# a format spec may begin with '=' (fill or alignment '='): not a walrus
x = 255
w = 9
print(f'{x:=#6x}', f'{x:=+8}', f"{'ab':=>5}", f'{3.5:=10.2f}', f'{x:=^{w}}', f'{x!r:=>6}')
print(f'{x:=}|', f'{x = :=>5}', f'{{x:=3}}', f'{x:{w}}')
print(f'{-3.25:=+12.3e}', f'{x:=010}')
