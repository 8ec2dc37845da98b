// The playground only translates: text in, the library's result out.
import init, { decode } from './pkg/web/values_migrate.js';
import examples from './examples.js';

const $ = (id) => document.getElementById(id);
const yaml = $('yaml');
const json = $('json');
const status = $('status');
const picker = $('example');

// The examples' YAML files, offered in the picker; the first is loaded at start.
const choices = [];
for (const [name, files] of Object.entries(examples)) {
  for (const [file, text] of Object.entries(files)) {
    if (file.endsWith('.yaml')) choices.push({ label: `${name}/${file}`, file, text });
  }
}
choices.sort((a, b) => Number(b.file === 'addons.yaml') - Number(a.file === 'addons.yaml'));
for (const [i, choice] of choices.entries()) {
  picker.add(new Option(choice.label, String(i)));
}

let currentFile = 'input.yaml';

function render() {
  const result = decode(yaml.value, { file: currentFile });
  if (result.errors.length === 0) {
    status.textContent = `${result.documents.length} document(s)`;
    status.className = 'ok';
    json.textContent = JSON.stringify(result.documents, null, 2);
  } else {
    status.className = 'error';
    status.textContent = result.errors
      .map((e) => (e.line == null ? `${e.file}: ${e.message}` : `${e.file}:${e.line}:${e.column}: ${e.message}`))
      .join('\n');
    json.textContent = '';
  }
}

function load(index) {
  const choice = choices[index];
  if (!choice) return;
  currentFile = choice.file;
  yaml.value = choice.text;
  render();
}

await init();
picker.addEventListener('change', () => load(Number(picker.value)));
yaml.addEventListener('input', render);
load(0);
document.body.dataset.ready = 'true';
