import { describe, expect, it } from 'vitest';
import { findHelpTopic } from './topics';

describe('findHelpTopic', () => {
  it('finds the topics the navigation links to', () => {
    expect(findHelpTopic('getting-started')?.title).toBe('Getting started');
    expect(findHelpTopic('sessions')?.title).toBe('Sessions');
    expect(findHelpTopic('navigation')?.title).toBe('Navigation');
  });

  it('knows no unknown topic, nor inherited object keys', () => {
    expect(findHelpTopic('no-such-topic')).toBeUndefined();
    expect(findHelpTopic('constructor')).toBeUndefined();
    expect(findHelpTopic(undefined)).toBeUndefined();
  });
});
