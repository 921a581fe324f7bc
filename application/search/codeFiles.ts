// What code search knows of a file from its path alone: its name, extension, directories and
// language (GitHub's linguist names, from the extension or a well-known file name).

const BY_EXTENSION: Readonly<Record<string, string>> = {
  c: 'C',
  h: 'C',
  cc: 'C++',
  cpp: 'C++',
  cxx: 'C++',
  hpp: 'C++',
  cs: 'C#',
  css: 'CSS',
  clj: 'Clojure',
  coffee: 'CoffeeScript',
  dart: 'Dart',
  ex: 'Elixir',
  exs: 'Elixir',
  erl: 'Erlang',
  go: 'Go',
  groovy: 'Groovy',
  hs: 'Haskell',
  html: 'HTML',
  htm: 'HTML',
  java: 'Java',
  js: 'JavaScript',
  mjs: 'JavaScript',
  cjs: 'JavaScript',
  jsx: 'JavaScript',
  json: 'JSON',
  kt: 'Kotlin',
  lua: 'Lua',
  md: 'Markdown',
  markdown: 'Markdown',
  m: 'Objective-C',
  pl: 'Perl',
  php: 'PHP',
  py: 'Python',
  r: 'R',
  rb: 'Ruby',
  rs: 'Rust',
  scala: 'Scala',
  scss: 'SCSS',
  sh: 'Shell',
  bash: 'Shell',
  sql: 'SQL',
  swift: 'Swift',
  toml: 'TOML',
  ts: 'TypeScript',
  tsx: 'TSX',
  txt: 'Text',
  vue: 'Vue',
  xml: 'XML',
  yml: 'YAML',
  yaml: 'YAML',
};

const BY_NAME: Readonly<Record<string, string>> = {
  dockerfile: 'Dockerfile',
  makefile: 'Makefile',
  rakefile: 'Ruby',
  gemfile: 'Ruby',
};

export interface CodePath {
  readonly path: string;
  readonly filename: string; // the last segment: `test_helpers.rb`
  readonly basename: string; // without its extension: `test_helpers`
  readonly extension: string; // without the dot, '' when none: `rb`
  readonly directory: string; // the containing directory, '/' at the root
  readonly directories: string[]; // every enclosing directory: `app`, `app/public`
  readonly language: string | null;
}

export function codePathOf(path: string): CodePath {
  const segments = path.split('/');
  const filename = segments.at(-1)!;
  const dot = filename.lastIndexOf('.');
  const extension = dot > 0 ? filename.slice(dot + 1) : '';
  const basename = dot > 0 ? filename.slice(0, dot) : filename;
  const parents = segments.slice(0, -1);
  const directories = parents.map((_, index) => parents.slice(0, index + 1).join('/'));
  const language = BY_NAME[filename.toLowerCase()] ?? BY_EXTENSION[extension.toLowerCase()] ?? null;
  return { path, filename, basename, extension, directory: parents.length === 0 ? '/' : parents.join('/'), directories, language };
}
