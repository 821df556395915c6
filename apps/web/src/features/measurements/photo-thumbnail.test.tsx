// @vitest-environment happy-dom
import { fireEvent, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { sessionStore } from '../../session/session-store';
import { Providers } from '../../testing/render-app';
import { fakeFetch, ok } from '../signup/testing/harness';
import { PhotoThumbnail } from './photo-thumbnail';

const FILE_ID = '44444444-4444-4444-8444-000000000010';
const DATA_URL = 'data:image/png;base64,iVBORw0KGgo=';

beforeEach(() => sessionStore.accessToken.set('test-token'));
afterEach(() => sessionStore.accessToken.clear());

const show = () =>
  render(
    <Providers session={{ status: 'signed-out' }}>
      <PhotoThumbnail fileId={FILE_ID} alt="Photo taken Mar 2, 10:15 AM" />
    </Providers>,
  );

describe('PhotoThumbnail', () => {
  it('shows the photo small, and full size in a dialog on Enter or click', async () => {
    fakeFetch(({ path }) =>
      path === 'files.get'
        ? ok({ id: FILE_ID, fileName: 'visit-capture.png', contentType: 'image/png', size: 8, createdAt: '2026-03-02T15:15:00Z', dataUrl: DATA_URL })
        : undefined,
    );
    show();
    const thumbnail = await screen.findByRole('button', { name: 'Open the photo full size' });
    expect(screen.getByRole<HTMLImageElement>('img', { name: 'Photo taken Mar 2, 10:15 AM' }).src).toBe(DATA_URL);
    fireEvent.click(thumbnail);
    const dialog = await screen.findByRole('dialog', { name: 'Photo taken Mar 2, 10:15 AM' });
    expect(dialog.querySelector<HTMLImageElement>('[data-testid="photo-full"]')?.src).toBe(DATA_URL);
  });

  it('says the photo could not be loaded rather than waiting forever', async () => {
    fakeFetch(() => undefined);
    show();
    expect(await screen.findByText('The photo could not be loaded. Reload the page to try again.')).toBeTruthy();
  });
});
