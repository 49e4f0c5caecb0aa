// Long text on one line, cut with an ellipsis where its column or card ends; the full value shows in a
// tooltip on hover and on keyboard focus (the text itself is focusable when it is cut and holds no
// control of its own, such as a link).

import { Tooltip } from '@mantine/core';
import { useEffect, useRef, useState, type ReactNode } from 'react';
import classes from './truncated-text.module.css';

export function TruncatedText({
  children,
  label,
  maxWidth,
}: {
  children: ReactNode;
  /** The full value when it is not the text shown. */
  label?: string;
  /** The widest the text grows before it is cut (a table column); else its container's width. */
  maxWidth?: number;
}) {
  const ref = useRef<HTMLSpanElement>(null);
  const [cut, setCut] = useState<{ text: string; focusable: boolean } | null>(null);
  useEffect(() => {
    const element = ref.current;
    if (!element) return;
    const measure = () => {
      const overflowing = element.scrollWidth > element.clientWidth + 1;
      const text = label ?? element.textContent ?? '';
      setCut((previous) => {
        if (!overflowing) return null;
        const focusable = !element.querySelector('a, button, input, [tabindex]');
        return previous?.text === text && previous.focusable === focusable ? previous : { text, focusable };
      });
    };
    measure();
    const observer = new ResizeObserver(measure);
    observer.observe(element);
    return () => observer.disconnect();
  }, [children, label]);
  return (
    <Tooltip
      label={cut?.text ?? label ?? ''}
      disabled={cut === null}
      multiline
      maw={360}
      events={{ hover: true, focus: true, touch: true }}
    >
      <span
        ref={ref}
        className={classes.text}
        tabIndex={cut?.focusable ? 0 : undefined}
        data-truncated={cut ? '' : undefined}
        data-truncate-text=""
        style={maxWidth ? { maxWidth } : undefined}
      >
        {children}
      </span>
    </Tooltip>
  );
}
