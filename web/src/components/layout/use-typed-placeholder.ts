import { useEffect, useState } from 'react';

export const TYPE_MS = 100;
export const ERASE_MS = 50;
export const PAUSE_MS = 2000;

/** Types each suggestion out (100 ms a character), pauses 2 s, erases it (50 ms a character), then the next. */
export function useTypedPlaceholder(suggestions: string[]): string {
  const [text, setText] = useState('');
  useEffect(() => {
    let index = 0;
    let length = 0;
    let erasing = false;
    let timer: ReturnType<typeof setTimeout>;
    const step = () => {
      const word = suggestions[index % suggestions.length] ?? '';
      if (!erasing) {
        length += 1;
        setText(word.slice(0, length));
        if (length >= word.length) {
          erasing = true;
          timer = setTimeout(step, PAUSE_MS);
          return;
        }
        timer = setTimeout(step, TYPE_MS);
      } else {
        length -= 1;
        setText(word.slice(0, Math.max(length, 0)));
        if (length <= 0) {
          erasing = false;
          index += 1;
        }
        timer = setTimeout(step, ERASE_MS);
      }
    };
    timer = setTimeout(step, TYPE_MS);
    return () => clearTimeout(timer);
  }, [suggestions]);
  return text;
}
