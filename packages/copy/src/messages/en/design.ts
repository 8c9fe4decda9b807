/** English: a prompt design's variants, parameters and part colours (Mode B, after generation). */
export const design = {
  'design.title': 'Change the design',
  'design.variants': 'Variants',
  'design.variant': '{n}: {design}',
  'design.parameter': 'Parameter: {name}',
  'design.colour': 'Colour of the {part}',
  'design.close': 'Close',
  'design.rebuild': 'Apply and rebuild',
  'design.again': 'Design again',
};
