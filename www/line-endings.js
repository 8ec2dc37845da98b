// A textarea's value has LF line endings only (HTML normalizes CR and CRLF as text goes in), but
// the library keeps a file's CRLF byte for byte: each textarea remembers the text it was given
// (loaded, pasted whole, restored from a link) and hands that back while the user has not edited
// it; once edited, its lines end as most of the given text's lines did.

/** The text each textarea was last given whole, when it had a carriage return. */
const given = new WeakMap();

/** Puts `text` into `area`, remembering its line endings. */
export function setText(area, text) {
  area.value = text;
  remember(area, text);
}

/** Remembers `text` as what `area` holds whole, without setting it. */
function remember(area, text) {
  if (text.includes('\r')) given.set(area, text);
  else given.delete(area);
}

/** Makes a paste that replaces the whole text of `area` keep its line endings. */
export function keepWholePastes(area) {
  area.addEventListener('paste', (event) => {
    if (area.selectionStart === 0 && area.selectionEnd === area.value.length) {
      remember(area, event.clipboardData?.getData('text/plain') ?? '');
    }
  });
}

/** The text of `area` with the line endings it was given. */
export function textOf(area) {
  const value = area.value;
  const text = given.get(area);
  if (text === undefined) return value;
  if (text.replace(/\r\n?/g, '\n') === value) return text;
  const crlf = text.split('\r\n').length - 1;
  const lf = text.split('\n').length - 1 - crlf;
  return crlf > lf ? value.replace(/\n/g, '\r\n') : value;
}
