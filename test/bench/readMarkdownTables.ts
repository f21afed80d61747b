/** The tables of a Markdown page, by the heading above each: header cells and row cells, for structure checks. */
export interface MarkdownTable {
  /** The heading's text up to its first " — " (the part without figures). */
  section: string;
  header: string[];
  rows: string[][];
}

const cells = (line: string): string[] =>
  line
    .trim()
    .replace(/^\||\|$/g, '')
    .split(/(?<!\\)\|/)
    .map((cell) => cell.trim());

export function readMarkdownTables(page: string): MarkdownTable[] {
  const tables: MarkdownTable[] = [];
  let section = '';
  const lines = page.split('\n');
  for (let index = 0; index < lines.length; index += 1) {
    const line = lines[index]!;
    if (line.startsWith('## ')) section = line.slice(3).split(' — ')[0]!.trim();
    else if (line.startsWith('|') && lines[index + 1]?.startsWith('| ---')) {
      const table: MarkdownTable = { section, header: cells(line), rows: [] };
      index += 2;
      while (lines[index]?.startsWith('|')) table.rows.push(cells(lines[index++]!));
      tables.push(table);
    }
  }
  return tables;
}
