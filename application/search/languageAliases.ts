// Linguist's aliases (lib/linguist/languages.yml) of the languages forgelog tells from file
// names (codeFiles.ts): GitHub's language: takes them for the language, as in its own example
// `addClass in:file language:js`. Names and aliases are matched in any case.
const ALIASES: Readonly<Record<string, string>> = {
  csharp: 'C#',
  cpp: 'C++',
  coffee: 'CoffeeScript',
  'coffee-script': 'CoffeeScript',
  golang: 'Go',
  xhtml: 'HTML',
  js: 'JavaScript',
  node: 'JavaScript',
  bsdmake: 'Makefile',
  make: 'Makefile',
  mf: 'Makefile',
  rusthon: 'Python',
  rscript: 'R',
  splus: 'R',
  jruby: 'Ruby',
  macruby: 'Ruby',
  rake: 'Ruby',
  rb: 'Ruby',
  rbx: 'Ruby',
  sh: 'Shell',
  'shell-script': 'Shell',
  bash: 'Shell',
  zsh: 'Shell',
  ts: 'TypeScript',
  fundamental: 'Text',
  rss: 'XML',
  xsd: 'XML',
  wsdl: 'XML',
  yml: 'YAML',
};

// The language a language: value names: the language an alias stands for, else the value as
// written (a language's own name, in any case).
export function languageNamed(text: string): string {
  const written = text.trim();
  return Object.hasOwn(ALIASES, written.toLowerCase()) ? ALIASES[written.toLowerCase()]! : written;
}
