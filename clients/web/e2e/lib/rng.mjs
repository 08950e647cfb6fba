// A small seeded generator (mulberry32), so a run's clicking can be repeated with --seed.
export function makeRng(seed) {
  let a = seed >>> 0;
  const next = () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  return {
    next,
    // 0 <= n < count
    below: (count) => Math.floor(next() * count),
    pick: (list) => list[Math.floor(next() * list.length)],
    chance: (p) => next() < p,
    // A generator of its own, for one player, derived from this one.
    fork: () => makeRng(Math.floor(next() * 4294967296)),
  };
}
