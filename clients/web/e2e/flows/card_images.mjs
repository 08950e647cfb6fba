// Card pictures from the operator's image source (serve --card-images, here the run's own image
// server, lib/image_server.mjs): the page's Content-Security-Policy lets it load images from that
// origin and no other, and an STCCG table draws its cards' pictures from there.

// The sources a CSP header's directive lists: "img-src 'self' data: http://x" gives its words.
function directive(csp, name) {
  const part = csp.split(";").map((p) => p.trim().split(/\s+/)).find((words) => words[0] === name);
  return part ? part.slice(1) : null;
}

// `/`'s Content-Security-Policy names the image server's origin in img-src, and no other origin
// on the web (the page's own and data: URLs aside). Without --card-images there is none; a C++
// test of the server checks that.
export async function cspNamesImageSource(report, url, images) {
  await report.check("the page's Content-Security-Policy lets images come from the card image server only", async () => {
    const response = await fetch(`${url}/`);
    const csp = response.headers.get("content-security-policy") ?? "";
    const sources = directive(csp, "img-src");
    if (!sources) throw new Error(`no img-src in "${csp}"`);
    if (!sources.includes(images.origin)) throw new Error(`img-src is "${sources.join(" ")}", without ${images.origin}`);
    const others = sources.filter((s) => s !== images.origin && s !== "'self'" && s !== "data:");
    if (others.length) throw new Error(`img-src also lets in ${others.join(" ")}`);
    return `img-src ${sources.join(" ")}`;
  });
}

// A card on `person`'s table shows its picture, loaded from the image server; pointed at, the
// preview shows it whole. Waits for one (pictures load lazily, once in sight).
export async function tableShowsImages(report, person, images, what) {
  const { page } = person;
  await report.check(`${what}: a card on ${person.who}'s table shows its picture from the card image server`, async () => {
    const handle = await page.waitForFunction(
      (origin) => {
        const loaded = [...document.querySelectorAll(".stccg .card img.card-art")].filter(
          (img) => img.complete && img.naturalWidth > 0 && !img.hidden && img.src.startsWith(`${origin}/`),
        );
        return loaded.length ? { count: loaded.length, src: loaded[0].src } : null;
      },
      images.origin,
      { timeout: 15_000, polling: 100 },
    );
    const { count, src } = await handle.jsonValue();
    if (images.served.length === 0) throw new Error("the image server was asked for nothing");
    // Pointed at, the card is previewed with its picture beside the words (a card in a closed
    // pile is not in sight).
    const card = page.locator(".stccg .card:has(img.card-art)").filter({ visible: true }).first();
    await card.scrollIntoViewIfNeeded();
    await card.hover();
    await page.locator(".preview img.card-art").waitFor({ timeout: 5000 });
    await report.shot(page, "stccg-card-images");
    return `${count} loaded, e.g. ${src.slice(images.origin.length)}; the image server answered ${images.served.length} request(s)`;
  }, () => report.shot(page, "fail-stccg-card-images"));
}
