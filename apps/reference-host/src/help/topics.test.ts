import { describe, expect, it } from 'vitest';
import { formDefinitions } from '../../../mock-server/src/db/form-seed-data';
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

  it('has a topic for the help icon of every seeded form', () => {
    const topics = formDefinitions('full').map((form) => form.HelpTopic);
    expect(topics.length).toBeGreaterThan(0);
    for (const topic of topics) expect(findHelpTopic(topic), String(topic)).toBeDefined();
  });
});
