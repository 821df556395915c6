import { fireEvent, screen, waitFor } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { SnapshotEditor } from './snapshot-editor';
import { cropImage, exportJpeg } from './snapshot-render';
import { renderTool } from './tools-testing';
import { saveVisitCapture } from './save-visit-capture';

// happy-dom has no canvas: the pixel work is mocked, the editor's behaviour is what is tested.
vi.mock('./snapshot-render', () => ({
  drawMarks: vi.fn(),
  loadImage: vi.fn(() => Promise.resolve({ naturalWidth: 640, naturalHeight: 480 })),
  cropImage: vi.fn(() => 'data:image/png;base64,Q1JPUA=='),
  exportJpeg: vi.fn(() => ({ dataUrl: 'data:image/jpeg;base64,QUJD', data: 'QUJD' })),
}));
vi.mock('./save-visit-capture', () => ({ saveVisitCapture: vi.fn(() => Promise.resolve({})) }));

const VISIT = '0b4e7b1c-51b5-4f4e-9f59-3f3f0a8a2a10';
const FRAME = 'data:image/png;base64,RlJBTUU=';

beforeEach(() => {
  vi.mocked(saveVisitCapture).mockClear();
  vi.mocked(exportJpeg).mockClear();
  vi.mocked(cropImage).mockClear();
});

async function openEditor(canSave: boolean, onClose = vi.fn()) {
  renderTool(<SnapshotEditor image={FRAME} onClose={onClose} visitId={VISIT} canSave={canSave} />);
  const canvas = await screen.findByTestId('snapshot-canvas');
  vi.spyOn(canvas, 'getBoundingClientRect').mockReturnValue({
    left: 0,
    top: 0,
    width: 200,
    height: 100,
  } as DOMRect);
  return canvas;
}

describe('SnapshotEditor', { timeout: 20_000 }, () => {
  it('saves the annotated snapshot with its caption to the patient record', async () => {
    const onClose = vi.fn();
    await openEditor(true, onClose);
    fireEvent.click(screen.getByRole('radio', { name: 'Text' }));
    fireEvent.change(screen.getByLabelText('Label'), { target: { value: 'Lesion' } });
    fireEvent.click(screen.getByRole('button', { name: 'Add in the middle' }));
    fireEvent.change(screen.getByLabelText('Caption'), { target: { value: 'Rash, left forearm' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save to patient record' }));

    await waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(saveVisitCapture).toHaveBeenCalledWith(VISIT, {
      contentType: 'image/jpeg',
      data: 'QUJD',
      caption: 'Rash, left forearm',
    });
    expect(vi.mocked(exportJpeg).mock.calls[0]?.[1]).toEqual([
      { kind: 'text', text: 'Lesion', at: { x: 0.5, y: 0.5 }, color: 'red', size: 6 },
    ]);
    expect(await screen.findByText("Snapshot saved to the patient's record.")).toBeTruthy();
  });

  it('offers a download, not the record, to someone who cannot save', async () => {
    await openEditor(false);
    expect(screen.queryByRole('button', { name: 'Save to patient record' })).toBeNull();
    expect(screen.getByRole('button', { name: 'Download' })).toBeTruthy();
    expect(screen.getByText(/only the care team can save it/)).toBeTruthy();
  });

  it('crops the dragged rectangle, and undo brings the whole picture back', async () => {
    const canvas = await openEditor(true);
    fireEvent.click(screen.getByRole('radio', { name: 'Crop' }));
    const apply = screen.getByRole('button', { name: 'Apply crop' });
    expect(apply.hasAttribute('disabled')).toBe(true);

    fireEvent.pointerDown(canvas, { pointerId: 1, clientX: 150, clientY: 75 });
    fireEvent.pointerMove(canvas, { pointerId: 1, clientX: 50, clientY: 25 });
    fireEvent.pointerUp(canvas, { pointerId: 1 });
    expect(screen.getByTestId('crop-selection').style.width).toBe('50%');
    fireEvent.click(apply);

    expect(cropImage).toHaveBeenCalledWith(expect.anything(), [], {
      x: 0.25,
      y: 0.25,
      width: 0.5,
      height: 0.5,
    });
    await waitFor(() => expect(screen.queryByTestId('crop-selection')).toBeNull());
    const undo = screen.getByRole('button', { name: 'Undo' });
    expect(undo.hasAttribute('disabled')).toBe(false);
    fireEvent.click(undo);
    await waitFor(() => expect(undo.hasAttribute('disabled')).toBe(true));
  });

  it('draws pen lines where the pointer goes', async () => {
    const canvas = await openEditor(true);
    fireEvent.pointerDown(canvas, { pointerId: 1, clientX: 20, clientY: 10 });
    fireEvent.pointerMove(canvas, { pointerId: 1, clientX: 100, clientY: 50 });
    fireEvent.pointerUp(canvas, { pointerId: 1 });
    fireEvent.click(screen.getByRole('button', { name: 'Save to patient record' }));
    await waitFor(() => expect(saveVisitCapture).toHaveBeenCalled());
    const marks = vi.mocked(exportJpeg).mock.calls[0]?.[1];
    expect(marks?.map((mark) => mark.kind === 'pen' && [mark.color, mark.points])).toEqual([
      [
        'red',
        [
          { x: 0.1, y: 0.1 },
          { x: 0.5, y: 0.5 },
        ],
      ],
    ]);
  });
});
