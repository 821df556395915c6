import { describe, expect, it } from 'vitest';
import {
  addTask,
  builderValuesOf,
  checkedBody,
  moveTask,
  newTask,
  placeIssues,
  removeTask,
  sameBody,
  type BuilderValues,
} from './builder-values';
import { bpTask, profile } from './testing/fixtures';

const values = (overrides: Partial<BuilderValues> = {}): BuilderValues => ({
  ...builderValuesOf(),
  profileName: 'Cuff',
  ...overrides,
});
const filled = (phase: 'start' | 'task' | 'end', service: string) => ({
  ...newTask(phase),
  service,
  characteristic: '2A19',
});

describe('tasks in three ordered phases', () => {
  it('adds a task at the end of its phase, whatever order the phases were added in', () => {
    let tasks = addTask([], 'end');
    tasks = addTask(tasks, 'start');
    tasks = addTask(tasks, 'task');
    tasks = addTask(tasks, 'start');
    expect(tasks.map((t) => t.phase)).toEqual(['start', 'start', 'task', 'end']);
    expect(new Set(tasks.map((t) => t.key)).size).toBe(4);
  });

  it('moves a task within its phase only', () => {
    const [a, b, c] = [filled('start', '1800'), filled('start', '1801'), filled('task', '1810')];
    const tasks = [a, b, c];
    expect(moveTask(tasks, b.key, -1).map((t) => t.service)).toEqual(['1801', '1800', '1810']);
    expect(moveTask(tasks, a.key, 1).map((t) => t.service)).toEqual(['1801', '1800', '1810']);
    // At the edge of its phase a task stays: it never slips into the next phase.
    expect(moveTask(tasks, b.key, 1)).toBe(tasks);
    expect(moveTask(tasks, a.key, -1)).toBe(tasks);
    expect(removeTask(tasks, b.key).map((t) => t.service)).toEqual(['1800', '1810']);
  });

  it('reads a saved profile back in phase order', () => {
    const read = builderValuesOf(
      profile({ tasks: [{ ...bpTask, phase: 'end' }, bpTask, { ...bpTask, phase: 'start', handle: 42 }] }),
    );
    expect(read.tasks.map((t) => [t.phase, t.handle])).toEqual([
      ['start', '42'],
      ['task', ''],
      ['end', ''],
    ]);
    expect(read.tasks[0]?.descriptors).toBe('2902');
  });
});

describe('the body the builder saves', () => {
  it('is checked with the server schema and sends blanks as cleared', () => {
    const task = {
      ...filled('task', '1810'),
      characteristic: '2A35',
      descriptors: '2902, 2901',
      handle: '42',
      action: 'indicate' as const,
    };
    const result = checkedBody(values({ tasks: [task] }));
    expect(result.body).toEqual({
      profileName: 'Cuff',
      vendorId: null,
      measurement: null,
      device: null,
      tasks: [
        {
          phase: 'task',
          service: '1810',
          characteristic: '2A35',
          descriptors: ['2902', '2901'],
          handle: 42,
          action: 'indicate',
          dataType: 'hex',
        },
      ],
    });
  });

  it('keeps a write value only on a write task', () => {
    const write = { ...filled('task', '1808'), action: 'write' as const, writeValue: '0101' };
    expect(checkedBody(values({ tasks: [write] })).body?.tasks[0]?.writeValue).toBe('0101');
    expect(checkedBody(values({ tasks: [{ ...write, action: 'read' }] })).body?.tasks[0]).not.toHaveProperty(
      'writeValue',
    );
  });

  it("places the schema messages on the fields, a task's by its key", () => {
    const good = filled('start', '180A');
    const bad = {
      ...filled('task', 'zz'),
      action: 'write' as const,
      dataType: 'integer' as const,
      writeValue: '4.2',
    };
    const result = checkedBody(values({ profileName: '', tasks: [good, bad] }));
    expect(result.errors).toEqual({
      profile: { profileName: 'This field is required.' },
      tasks: {
        [bad.key]: {
          service: 'Enter a 16-bit or 128-bit Bluetooth UUID.',
          writeValue: 'Write value must be a whole number, like 42.',
        },
      },
    });
  });

  it("places the server's field problems the same way", () => {
    const task = filled('task', '1810');
    expect(
      placeIssues(values({ tasks: [task] }), [
        { field: 'vendorId', message: 'Choose one of your vendors.' },
        { field: 'tasks.0.characteristic', message: 'Enter a 16-bit or 128-bit Bluetooth UUID.' },
        { field: 'tasks.7.service', message: 'lost' },
      ]),
    ).toEqual({
      profile: { vendorId: 'Choose one of your vendors.' },
      tasks: { [task.key]: { characteristic: 'Enter a 16-bit or 128-bit Bluetooth UUID.' } },
    });
  });

  it('tells unsaved changes by what would be sent, not by how it was typed', () => {
    const task = filled('task', '1810');
    expect(sameBody(values({ tasks: [task] }), values({ tasks: [{ ...task, key: 'other' }] }))).toBe(true);
    expect(
      sameBody(values({ tasks: [task] }), values({ tasks: [{ ...task, writeValue: 'ignored on a read' }] })),
    ).toBe(true);
    expect(sameBody(values(), values({ device: 'Omron X7' }))).toBe(false);
  });
});
