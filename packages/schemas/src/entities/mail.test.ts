import { describe, expect, it } from 'vitest';
import { REQUIRED } from '../rules';
import { issues } from '../testing/issues';
import {
  MAIL_LIMITS,
  attachmentUploadQuerySchema,
  isAttachmentType,
  newThreadInputSchema,
  replyInputSchema,
  safeFileName,
  threadListItemSchema,
  threadListQuerySchema,
} from './mail';

const id = (n: number) => `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`;

describe('mail limits', () => {
  it('are a 200-character subject, a 10,000-character body and 3 attachments of 5 MB', () => {
    expect(MAIL_LIMITS).toMatchObject({
      subjectMax: 200,
      bodyMax: 10_000,
      attachmentsPerMessage: 3,
      attachmentBytes: 5 * 1024 * 1024,
    });
  });

  it('accept PNG, JPEG and PDF only', () => {
    expect(['image/png', 'image/jpeg', 'application/pdf'].every(isAttachmentType)).toBe(true);
    expect(isAttachmentType('application/x-msdownload')).toBe(false);
    expect(isAttachmentType('image/svg+xml')).toBe(false);
  });
});

describe('newThreadInputSchema', () => {
  const valid = { subject: ' Blood pressure ', body: 'My readings were high this morning.' };

  it('trims, and attaches nothing by default', () => {
    expect(newThreadInputSchema.parse(valid)).toEqual({
      subject: 'Blood pressure',
      body: 'My readings were high this morning.',
      fileIds: [],
    });
  });

  it('takes a patient for clinicians', () => {
    expect(newThreadInputSchema.parse({ ...valid, patientAccountId: id(1) }).patientAccountId).toBe(id(1));
    expect(issues(newThreadInputSchema, { ...valid, patientAccountId: 'me' })).toEqual([
      ['patientAccountId', 'Enter a valid identifier.'],
    ]);
  });

  it('requires a subject and a body within their limits', () => {
    expect(issues(newThreadInputSchema, { subject: '  ', body: '' })).toEqual([
      ['subject', REQUIRED],
      ['body', REQUIRED],
    ]);
    expect(issues(newThreadInputSchema, { subject: 'x'.repeat(201), body: 'x'.repeat(10_001) })).toEqual([
      ['subject', 'Subject must be at most 200 characters.'],
      ['body', 'Message must be at most 10000 characters.'],
    ]);
    expect(newThreadInputSchema.safeParse({ subject: 'x'.repeat(200), body: 'x'.repeat(10_000) }).success).toBe(true);
  });

  it('allows at most 3 attachments, each once', () => {
    expect(newThreadInputSchema.safeParse({ ...valid, fileIds: [id(1), id(2), id(3)] }).success).toBe(true);
    expect(issues(newThreadInputSchema, { ...valid, fileIds: [id(1), id(2), id(3), id(4)] })).toEqual([
      ['fileIds', 'A message can have at most 3 attachments.'],
    ]);
    expect(issues(newThreadInputSchema, { ...valid, fileIds: [id(1), id(1)] })).toEqual([
      ['fileIds', 'Attach each file once.'],
    ]);
  });

  it('refuses unknown fields', () => {
    expect(newThreadInputSchema.safeParse({ ...valid, senderAccountId: id(9) }).success).toBe(false);
  });
});

describe('replyInputSchema', () => {
  it('is a body and attachments', () => {
    expect(replyInputSchema.parse({ body: 'Thank you', fileIds: [id(1)] })).toEqual({ body: 'Thank you', fileIds: [id(1)] });
    expect(issues(replyInputSchema, {})).toEqual([['body', REQUIRED]]);
    expect(replyInputSchema.safeParse({ body: 'x', subject: 'y' }).success).toBe(false);
  });
});

describe('threadListQuerySchema', () => {
  it('pages from query strings and narrows by patient', () => {
    expect(threadListQuerySchema.parse({ page: '2', pageSize: '10', patientAccountId: id(3) })).toEqual({
      page: 2,
      pageSize: 10,
      patientAccountId: id(3),
    });
    expect(threadListQuerySchema.parse({})).toEqual({ page: 1, pageSize: 20 });
    expect(threadListQuerySchema.safeParse({ other: '1' }).success).toBe(false);
  });
});

describe('attachment file names', () => {
  it('keep the name only, without folders, control characters or quotes', () => {
    expect(safeFileName('../../etc/passwd')).toBe('passwd');
    expect(safeFileName('C:\\photos\\arm.png')).toBe('arm.png');
    expect(safeFileName('re"port\n.pdf')).toBe('report.pdf');
    expect(safeFileName('صورة.png')).toBe('صورة.png');
    expect(safeFileName('..')).toBe('attachment');
    expect(safeFileName('x'.repeat(300))).toHaveLength(200);
  });

  it('are cleaned by the upload query', () => {
    expect(attachmentUploadQuerySchema.parse({ fileName: 'a/b.png' })).toEqual({ fileName: 'b.png' });
    expect(issues(attachmentUploadQuerySchema, { fileName: '' })).toEqual([['fileName', REQUIRED]]);
  });
});

describe('threadListItemSchema', () => {
  it('describes a thread without any message body', () => {
    const item = {
      id: id(1),
      subject: 'Hello',
      patient: { accountId: id(2), fullName: 'Pat Morgan' },
      createdAt: '2026-03-01T09:00:00.000Z',
      lastMessageAt: '2026-03-01T09:00:00.000Z',
      lastSender: { accountId: id(3), fullName: 'Priya Raman', role: 'Physician' },
      messageCount: 1,
      unreadCount: 1,
    };
    expect(threadListItemSchema.parse(item)).toEqual(item);
    expect(Object.keys(threadListItemSchema.shape)).not.toContain('body');
  });
});
