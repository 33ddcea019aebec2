# nbody: a gravitational n-body simulation in plain floats (symplectic
# Euler steps over every pair), bodies drawn from a seeded generator, the
# system's energy printed before and after.
import random

STEPS = 300000
rng = random.Random(12)
bodies = []
for i in range(5):
    # near-circular orbits around a heavy first body
    r = 4.0 * i + rng.uniform(0.0, 1.0)
    pos = [r, 0.0, rng.uniform(-0.1, 0.1)] if i else [0.0, 0.0, 0.0]
    vel = [0.0, (40.0 / r) ** 0.5 if i else 0.0, rng.uniform(-0.01, 0.01)]
    mass = rng.uniform(0.001, 0.05) if i else 40.0
    bodies.append((pos, vel, mass))
# the total momentum is cancelled by the first (heaviest) body
px = sum(b[1][0] * b[2] for b in bodies)
py = sum(b[1][1] * b[2] for b in bodies)
pz = sum(b[1][2] * b[2] for b in bodies)
v0, m0 = bodies[0][1], bodies[0][2]
v0[0] -= px / m0
v0[1] -= py / m0
v0[2] -= pz / m0
pairs = [(bodies[i], bodies[j]) for i in range(len(bodies)) for j in range(i + 1, len(bodies))]


def energy():
    e = 0.0
    for (p1, v1, m1), (p2, v2, m2) in pairs:
        dx, dy, dz = p1[0] - p2[0], p1[1] - p2[1], p1[2] - p2[2]
        e -= m1 * m2 / (dx * dx + dy * dy + dz * dz) ** 0.5
    for (p, v, m) in bodies:
        e += m * (v[0] * v[0] + v[1] * v[1] + v[2] * v[2]) / 2.0
    return e


def advance(dt, n):
    for _ in range(n):
        for ([x1, y1, z1], v1, m1), ([x2, y2, z2], v2, m2) in pairs:
            dx = x1 - x2
            dy = y1 - y2
            dz = z1 - z2
            mag = dt * ((dx * dx + dy * dy + dz * dz) ** -1.5)
            b1 = m1 * mag
            b2 = m2 * mag
            v1[0] -= dx * b2
            v1[1] -= dy * b2
            v1[2] -= dz * b2
            v2[0] += dx * b1
            v2[1] += dy * b1
            v2[2] += dz * b1
        for (r, [vx, vy, vz], m) in bodies:
            r[0] += dt * vx
            r[1] += dt * vy
            r[2] += dt * vz


print("%.9f" % energy())
advance(0.001, STEPS)
print("%.9f" % energy())
