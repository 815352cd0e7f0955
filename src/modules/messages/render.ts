import { render, toPlainText } from '@react-email/render';
import type { ReactElement } from 'react';

/** A message body as mail carries it: HTML and its plain-text alternative, both from the one React element. */
export async function renderBody(body: ReactElement): Promise<{ html: string; text: string }> {
  const html = await render(body);
  return { html, text: toPlainText(html) };
}
