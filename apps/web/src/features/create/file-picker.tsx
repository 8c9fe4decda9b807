/**
 * Choosing a file in the iOS and Android apps. Pictures come from the photo library or the camera
 * (expo-image-picker); other files (3D models) need a document picker this build does not have, so
 * the screen says where to upload instead of offering a button that cannot work.
 */
import { useState } from 'react';
import { StyleSheet, View } from 'react-native';
import { Button, Notice, space } from '../../design';
import type { FilePickerModule, FilePickerProps } from './file-picker.types';
import { FilePickerZone } from './file-picker-zone';
import { pickPhoto } from './photo-library';

export const FilePicker = function FilePicker({
  native,
  strings,
  testIDs,
  file,
  onPick,
  disabled,
  error,
  ...zone
}: FilePickerProps) {
  const [opening, setOpening] = useState(false);
  const [cameraRefused, setCameraRefused] = useState(false);
  if (native.kind === 'unavailable') return <Notice tone="info">{native.notice}</Notice>;

  async function open(source: 'library' | 'camera') {
    setOpening(true);
    setCameraRefused(false);
    try {
      const picked = await pickPhoto(source);
      if (picked.kind === 'picked') onPick(picked.file);
      else if (picked.kind === 'refused') setCameraRefused(true);
    } finally {
      setOpening(false);
    }
  }

  return (
    <FilePickerZone
      {...zone}
      strings={strings}
      testIDs={testIDs}
      file={file}
      error={cameraRefused ? native.cameraRefused : error}
    >
      <View style={styles.buttons}>
        <Button
          label={file ? strings.chooseAnother : native.library}
          kind={file ? 'secondary' : 'primary'}
          onPress={() => void open('library')}
          disabled={disabled || opening}
          testID={testIDs.choose}
        />
        <Button
          label={native.camera}
          kind="secondary"
          onPress={() => void open('camera')}
          disabled={disabled || opening}
          testID={`${testIDs.choose}-camera`}
        />
      </View>
    </FilePickerZone>
  );
} satisfies FilePickerModule['FilePicker'];

const styles = StyleSheet.create({
  buttons: { flexDirection: 'row', flexWrap: 'wrap', justifyContent: 'center', gap: space.sm },
});
