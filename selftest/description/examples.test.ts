// The validator against the description's own examples: every `example` and `examples` member under
// its responses and webhooks is valid against the schema it illustrates. An example the validator
// refused would be a fault of the validator (or of how the overrides and discriminators are read),
// never of a target.
import { describe, expect, it } from 'vitest';
import { describedExamples } from '../../helpers/description/document.js';
import { DescriptionValidator } from '../../helpers/description/validator.js';

const validator = DescriptionValidator.load();
const examples = describedExamples(validator.doc);

describe('the description validator on the description\'s examples', () => {
  it('finds the examples the description gives for responses and webhooks', () => {
    // 25 under responses and 31 under webhooks in the description beside the project.
    expect(examples.filter((e) => e.direction === 'response').length).toBeGreaterThanOrEqual(20);
    expect(examples.filter((e) => e.name.startsWith('webhook ')).length).toBeGreaterThanOrEqual(25);
  });

  it.each(examples.map((e) => [e.name, e] as const))('accepts %s', (_name, example) => {
    expect(validator.validateAt(example.schemaPointer, example.value, example.direction)).toEqual([]);
  });
});
