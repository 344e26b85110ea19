import { inflateSync } from 'node:zlib';

/**
 * The text a PDF shows, enough to check it: each content stream inflated (FlateDecode), and the strings of its
 * text operators (hex <…> or literal (…)) joined per Tj/TJ, one line each. Standard fonts encode WinAnsi, so
 * latin1 reads them back.
 */
export function pdfText(bytes: Buffer): string {
  const raw = bytes.toString('latin1');
  const lines: string[] = [];
  for (const match of raw.matchAll(/stream\r?\n([\s\S]*?)\r?\nendstream/g)) {
    let content: string;
    try { content = inflateSync(Buffer.from(match[1]!, 'latin1')).toString('latin1'); } catch { content = match[1]!; }
    for (const op of content.matchAll(/(\[(?:[^\]]*)\]\s*TJ|<[0-9a-fA-F]*>\s*Tj|\((?:\\.|[^)])*\)\s*Tj)/g)) {
      const parts = [...op[0].matchAll(/<([0-9a-fA-F]*)>|\(((?:\\.|[^)])*)\)/g)]
        .map((part) => (part[1] !== undefined ? Buffer.from(part[1], 'hex').toString('latin1') : part[2]!.replace(/\\(.)/g, '$1')));
      lines.push(parts.join(''));
    }
  }
  return lines.join('\n');
}
