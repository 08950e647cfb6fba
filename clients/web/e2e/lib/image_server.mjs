// A stand-in for an operator's card image source (serve --card-images): a loopback HTTP server
// that answers GET /<set>/<number>.png with a small PNG made here, a solid colour per card, and
// counts what it was asked for. Anything else gets a 404.
import { createServer } from "node:http";
import { crc32, deflateSync } from "node:zlib";

// One PNG chunk: length, type, data, and the CRC of type and data.
function chunk(type, data) {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, "latin1"), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body));
  return Buffer.concat([length, body, crc]);
}

// A width x height PNG of one colour (8-bit RGB, no interlace).
export function solidPng(width, height, [r, g, b]) {
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header.set([8, 2, 0, 0, 0], 8);  // bit depth 8, colour type RGB, deflate, adaptive, no interlace
  const row = Buffer.alloc(1 + width * 3);  // each row starts with its filter byte (0: none)
  for (let x = 0; x < width; x++) row.set([r, g, b], 1 + x * 3);
  const pixels = Buffer.concat(Array.from({ length: height }, () => row));
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk("IHDR", header),
    chunk("IDAT", deflateSync(pixels)),
    chunk("IEND", Buffer.alloc(0)),
  ]);
}

// The colour of a card's picture, from its number: neighbours on a table look apart.
function colourOf(number) {
  const n = [...number].reduce((h, c) => (h * 31 + c.charCodeAt(0)) >>> 0, 7);
  return [60 + (n % 160), 60 + ((n >> 8) % 160), 60 + ((n >> 16) % 160)];
}

// Listens on 127.0.0.1, a free port. `template`: the --card-images value that points here.
export async function startImageServer() {
  const served = [];  // the paths answered with a picture
  let refused = 0;
  const pictures = new Map();
  const server = createServer((req, res) => {
    const m = /^\/([A-Za-z0-9]+)\/([A-Za-z0-9]+)\.png$/.exec(req.url ?? "");
    if (req.method !== "GET" || !m) {
      refused++;
      res.writeHead(404).end();
      return;
    }
    const key = `${m[1]}_${m[2]}`;
    if (!pictures.has(key)) pictures.set(key, solidPng(60, 84, colourOf(key)));
    served.push(req.url);
    // Cached like a real image host's pictures, so that a page asks once per card.
    res.writeHead(200, { "Content-Type": "image/png", "Cache-Control": "max-age=3600" });
    res.end(pictures.get(key));
  });
  await new Promise((resolve, reject) => {
    server.once("error", reject);
    server.listen(0, "127.0.0.1", resolve);
  });
  const origin = `http://127.0.0.1:${server.address().port}`;
  return {
    origin,
    template: `${origin}/{set}/{number}.png`,
    served,
    refused: () => refused,
    stop: () => new Promise((resolve) => {
      server.closeAllConnections?.();
      server.close(() => resolve());
    }),
  };
}
