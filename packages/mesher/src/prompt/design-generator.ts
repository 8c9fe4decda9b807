// The seam where a real AI design provider can replace the procedural one: both take a prompt and
// resolve to the same outcome shape, so the server's job code does not change.

import {
  generateFromPrompt,
  type PromptDesignOptions,
  type PromptDesignOutcome,
} from './generate-from-prompt';

/** Status of a prompt job as the server reports it; `queued` exists only before a generator runs. */
export type DesignJobStatus = 'queued' | PromptDesignOutcome['status'];

export interface DesignGenerator {
  readonly id: string;
  generate(prompt: string, options?: PromptDesignOptions): Promise<PromptDesignOutcome>;
}

export const proceduralGenerator: DesignGenerator = {
  id: 'procedural/1',
  async generate(prompt, options) {
    return generateFromPrompt(prompt, options);
  },
};
