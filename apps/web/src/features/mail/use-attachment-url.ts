import { useQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { downloadAttachment } from './attachment-transfer';

export type AttachmentUrl = { status: 'loading' } | { status: 'loaded'; url: string } | { status: 'failed' };

/**
 * An object URL for an attachment's bytes. Attachments need the access token, so an <img src> or
 * link straight to the API would be refused; the URL is let go when the component leaves.
 */
export function useAttachmentUrl(id: string, enabled = true): AttachmentUrl {
  // The bytes are cached like any read (an attachment never changes); the URL is this component's.
  const bytes = useQuery({
    queryKey: ['mail', 'attachment', id],
    queryFn: () => downloadAttachment(id),
    enabled,
    staleTime: Infinity,
  });
  const [url, setUrl] = useState<string | null>(null);
  const blob = bytes.data;
  useEffect(() => {
    if (!blob) return;
    const made = URL.createObjectURL(blob);
    setUrl(made);
    return () => {
      URL.revokeObjectURL(made);
      setUrl(null);
    };
  }, [blob]);
  if (bytes.status === 'error') return { status: 'failed' };
  return url ? { status: 'loaded', url } : { status: 'loading' };
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
