import { useEffect, useState } from 'react';
import { downloadAttachment } from './mail-api';

export type AttachmentUrl = { status: 'loading' } | { status: 'loaded'; url: string } | { status: 'failed' };

/**
 * An object URL for an attachment's bytes. Attachments need the access token, so an <img src> or
 * link straight to the API would be refused; the URL is let go when the component leaves.
 */
export function useAttachmentUrl(id: string, enabled = true): AttachmentUrl {
  const [state, setState] = useState<AttachmentUrl>({ status: 'loading' });
  useEffect(() => {
    if (!enabled) return;
    let url: string | undefined;
    let current = true;
    setState({ status: 'loading' });
    downloadAttachment(id).then(
      (blob) => {
        if (!current) return;
        url = URL.createObjectURL(blob);
        setState({ status: 'loaded', url });
      },
      () => current && setState({ status: 'failed' }),
    );
    return () => {
      current = false;
      if (url) URL.revokeObjectURL(url);
    };
  }, [id, enabled]);
  return state;
}

/** Save an attachment under its own name. */
export async function saveAttachment(id: string, fileName: string): Promise<void> {
  const url = URL.createObjectURL(await downloadAttachment(id));
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  link.rel = 'noopener';
  document.body.append(link);
  link.click();
  link.remove();
  // Give the browser a moment to start the download before the URL goes.
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}
