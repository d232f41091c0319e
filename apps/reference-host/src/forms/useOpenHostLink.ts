import { parseOpenSize, useFormOpener } from '@procedo/forms-react';
import { useCallback } from 'react';
import { useNavigate } from 'react-router';
import { readLinkTarget } from './form-query';

/**
 * Opens a host link: with `a_target` (and `a_size`) in its query through the product's form
 * opener (a `…_dialog` target opens a dialog, `_tab` a tab…), otherwise in this window.
 */
export function useOpenHostLink(): (href: string, title?: string) => void {
  const navigate = useNavigate();
  const opener = useFormOpener();
  return useCallback(
    (href: string, title?: string) => {
      const link = readLinkTarget(href);
      if (link.target === null) {
        navigate(link.url);
        return;
      }
      const size = parseOpenSize(link.size);
      opener.open({
        url: link.url,
        target: link.target,
        ...(size ? { size } : {}),
        ...(title ? { title } : {}),
      });
    },
    [navigate, opener],
  );
}
