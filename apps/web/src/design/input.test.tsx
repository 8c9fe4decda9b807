/**
 * A one-line field takes no line break (the API refuses them in titles, names and subjects): one
 * pasted in becomes a space; a multi-line field keeps what was typed.
 */
import { describe, expect, it, jest } from '@jest/globals';
import { fireEvent, render, screen } from '@testing-library/react-native';
import { Input } from './input';

describe('Input', () => {
  it('turns a line break pasted into a one-line field into a space', () => {
    const changed = jest.fn();
    render(<Input label="Title" value="" onChangeText={changed} />);
    fireEvent.changeText(screen.getByLabelText('Title'), 'Tall\nred\r\nbridge\u2028kit');
    expect(changed).toHaveBeenCalledWith('Tall red bridge kit');
    expect(screen.getByLabelText('Title').props.multiline).toBeFalsy();
  });

  it('keeps line breaks in a multi-line field', () => {
    const changed = jest.fn();
    render(<Input label="Description" value="" onChangeText={changed} multiline />);
    fireEvent.changeText(screen.getByLabelText('Description'), 'First line\nSecond line');
    expect(changed).toHaveBeenCalledWith('First line\nSecond line');
  });
});
