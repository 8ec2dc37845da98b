// The answers field: one `path=value` a line, each value read as YAML by the library's `decode`.

/** The answers as `{path: value}` and the lines that could not be read, each with its line number. */
export function readAnswers(text, typing, decode) {
  const answers = {};
  const problems = [];
  for (const [i, line] of text.split('\n').entries()) {
    if (line.trim() === '') continue;
    const at = line.indexOf('=');
    if (at < 0) {
      problems.push(`line ${i + 1}: expected path=value`);
      continue;
    }
    const path = line.slice(0, at).trim();
    const value = decode(line.slice(at + 1).trim(), { file: `answer ${path}`, typing });
    if (value.errors.length > 0) {
      problems.push(`line ${i + 1}: ${value.errors[0].message}`);
      continue;
    }
    answers[path] = value.documents[0] ?? null;
  }
  return { answers, problems };
}
