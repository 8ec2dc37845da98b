// The playground's state as a URL fragment: JSON, deflate-raw (CompressionStream), base64url.
// A field equal to the named example's is left out of the link and taken from the example again.

const FORMAT = 1;

async function pipe(bytes, stream) {
  const out = new Blob([bytes]).stream().pipeThrough(stream);
  return new Uint8Array(await new Response(out).arrayBuffer());
}

function toBase64url(bytes) {
  let binary = '';
  for (let i = 0; i < bytes.length; i += 0x8000) binary += String.fromCharCode(...bytes.subarray(i, i + 0x8000));
  return btoa(binary).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
}

function fromBase64url(text) {
  if (!/^[A-Za-z0-9_-]*$/.test(text)) throw new Error('not base64url');
  const binary = atob(text.replace(/-/g, '+').replace(/_/g, '/'));
  return Uint8Array.from(binary, (c) => c.charCodeAt(0));
}

const same = (a, b) => JSON.stringify(a) === JSON.stringify(b);

/** The fragment (without `#`) that holds `state`, leaving out what `example` already holds. */
export async function encodeState(state, example) {
  const packed = { v: FORMAT };
  for (const [key, value] of Object.entries(state)) {
    if (example && key !== 'example' && key !== 'mode' && same(value, example[key])) continue;
    packed[key] = value;
  }
  const bytes = await pipe(new TextEncoder().encode(JSON.stringify(packed)), new CompressionStream('deflate-raw'));
  return `s=${toBase64url(bytes)}`;
}

/** The state a fragment holds, with left-out fields taken from `exampleFor(state.example)`; throws on a damaged one. */
export async function decodeState(fragment, exampleFor) {
  const match = /^#?s=(.*)$/s.exec(fragment);
  if (!match) throw new Error('the link holds no playground state');
  const bytes = await pipe(fromBase64url(match[1]), new DecompressionStream('deflate-raw'));
  const packed = JSON.parse(new TextDecoder().decode(bytes));
  if (packed === null || typeof packed !== 'object' || packed.v !== FORMAT) throw new Error('the link is from another version');
  const base = (typeof packed.example === 'string' && await exampleFor(packed.example)) || {};
  const { v, ...rest } = packed;
  return { ...base, ...rest };
}
