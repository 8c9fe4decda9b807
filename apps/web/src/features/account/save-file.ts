/** Hands a document to the system share sheet on iOS and Android (save it to Files, mail it). */
import { Share } from 'react-native';
import type { SaveFileModule } from './save-file.types';

export const saveTextFile = async function saveTextFile(name: string, text: string, _type: string) {
  await Share.share({ title: name, message: text });
} satisfies SaveFileModule['saveTextFile'];
