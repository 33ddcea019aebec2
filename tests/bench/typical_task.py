# a typical model task: parse records, aggregate, format a report
import math

# sized for about a second of python3: the whole program, ROUNDS times
ROUNDS = 10
for _round in range(ROUNDS):
    raw = []
    regions = ['north', 'south', 'east', 'west', 'central']
    products = ['widget', 'gadget', 'doohickey', 'gizmo', 'thingamajig', 'sprocket']
    for i in range(40000):
        region = regions[(i * 7) % len(regions)]
        product = products[(i * 13) % len(products)]
        qty = (i * 37) % 50 + 1
        price = round(((i * 17) % 1000) / 10 + 0.99, 2)
        day = 1 + (i * 3) % 28
        raw.append(f'2024-03-{day:02d},{region},{product},{qty},{price}')
    raw.append('bad line')
    raw.append('2024-03-01,north,widget,x,1.0')


    def parse(line):
        parts = line.split(',')
        if len(parts) != 5:
            return None
        date, region, product, qty, price = parts
        try:
            return {'date': date, 'region': region, 'product': product,
                    'qty': int(qty), 'price': float(price)}
        except ValueError:
            return None


    records = []
    errors = 0
    for line in raw:
        r = parse(line)
        if r is None:
            errors += 1
        else:
            records.append(r)
    by_region = {}
    by_product = {}
    by_day = {}
    for r in records:
        revenue = r['qty'] * r['price']
        agg = by_region.setdefault(r['region'], {'revenue': 0.0, 'units': 0, 'orders': 0})
        agg['revenue'] += revenue
        agg['units'] += r['qty']
        agg['orders'] += 1
        by_product[r['product']] = by_product.get(r['product'], 0.0) + revenue
        by_day[r['date']] = by_day.get(r['date'], 0.0) + revenue
    print(f'{len(records)} records, {errors} rejected')
    print(f"{'region':<10}{'orders':>8}{'units':>9}{'revenue':>14}{'avg':>10}")
    for name in sorted(by_region, key=lambda k: -by_region[k]['revenue']):
        a = by_region[name]
        print(f"{name:<10}{a['orders']:>8}{a['units']:>9}{a['revenue']:>14,.2f}{a['revenue'] / a['orders']:>10.2f}")
    top = sorted(by_product.items(), key=lambda kv: kv[1], reverse=True)[:3]
    print('top products:', ', '.join(f'{p} ({v:,.0f})' for p, v in top))
    vals = list(by_day.values())
    mean = sum(vals) / len(vals)
    sd = math.sqrt(sum((v - mean) ** 2 for v in vals) / len(vals))
    best = max(by_day, key=by_day.get)
    print(f'days {len(vals)} mean {mean:,.2f} sd {sd:,.2f} best {best}')
