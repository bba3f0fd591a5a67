import '@mantine/tiptap/styles.layer.css';
import { Input } from '@mantine/core';
import { Link, RichTextEditor } from '@mantine/tiptap';
import { useEditor } from '@tiptap/react';
import StarterKit from '@tiptap/starter-kit';
import { useId, useLayoutEffect, useMemo, useRef, useState } from 'react';

/** Created once: Tiptap compares its options on every render, and new extension objects would differ. */
const extensions = [
  StarterKit.configure({ heading: { levels: [2, 3, 4] }, link: false }),
  Link.configure({ openOnClick: false }),
];

export interface RichTextFieldProps {
  label: string;
  description?: string;
  /** HTML, as the API stores it (sanitised on the server). */
  value?: string;
  onChange: (html: string) => void;
  error?: unknown;
  required?: boolean;
  'data-path'?: string;
}

/**
 * The blog post's body: Mantine's Tiptap editor with the formatting the storefront's sanitiser
 * keeps (headings 2 to 4, as the page's title is the h1; bold, italic, underline, strike, lists,
 * quotes, code, rules, links). Loaded on its own (React.lazy) by the post editor only, so no
 * other screen downloads ProseMirror. The editable area is a labelled multi-line textbox, and
 * every toolbar button has Mantine's spoken label.
 */
export default function RichTextField({
  label,
  description,
  value = '',
  onChange,
  error,
  required,
  'data-path': dataPath,
}: RichTextFieldProps) {
  const labelId = useId();
  const descriptionId = useId();
  const errorId = useId();
  const message = typeof error === 'string' ? error : null;
  const describedBy = [description ? descriptionId : null, message ? errorId : null].filter(Boolean).join(' ');

  // The first value only: afterwards the editor owns its document and reports each change.
  const [initialContent] = useState(value);
  // The editable area's name, description and state; a new object only when they change, so
  // Tiptap (which compares its options on every render) updates the DOM then and only then.
  const editorProps = useMemo(
    () => ({
      attributes: {
        role: 'textbox',
        'aria-multiline': 'true',
        'aria-labelledby': labelId,
        ...(describedBy ? { 'aria-describedby': describedBy } : {}),
        ...(message ? { 'aria-invalid': 'true' } : {}),
        ...(required ? { 'aria-required': 'true' } : {}),
        ...(dataPath ? { 'data-path': dataPath } : {}),
      },
    }),
    [labelId, describedBy, message, required, dataPath],
  );
  // Tiptap subscribes the first onUpdate only: it reports through the latest onChange.
  const latestOnChange = useRef(onChange);
  useLayoutEffect(() => {
    latestOnChange.current = onChange;
  });
  const editor = useEditor({
    extensions,
    content: initialContent,
    editorProps,
    shouldRerenderOnTransaction: true,
    onUpdate: ({ editor: current }) => latestOnChange.current(current.isEmpty ? '' : current.getHTML()),
  });

  return (
    <Input.Wrapper
      label={label}
      labelProps={{ id: labelId, component: 'span' }}
      description={description}
      descriptionProps={{ id: descriptionId }}
      error={message}
      errorProps={{ id: errorId }}
      required={required}
    >
      <RichTextEditor
        editor={editor}
        mt={4}
        style={message ? { borderColor: 'var(--mantine-color-error)' } : undefined}
      >
        <RichTextEditor.Toolbar sticky stickyOffset={60} role="toolbar" aria-label={`${label} formatting`}>
          <RichTextEditor.ControlsGroup>
            <RichTextEditor.Bold />
            <RichTextEditor.Italic />
            <RichTextEditor.Underline />
            <RichTextEditor.Strikethrough />
            <RichTextEditor.ClearFormatting />
            <RichTextEditor.Code />
          </RichTextEditor.ControlsGroup>
          <RichTextEditor.ControlsGroup>
            <RichTextEditor.H2 />
            <RichTextEditor.H3 />
            <RichTextEditor.H4 />
          </RichTextEditor.ControlsGroup>
          <RichTextEditor.ControlsGroup>
            <RichTextEditor.BulletList />
            <RichTextEditor.OrderedList />
            <RichTextEditor.Blockquote />
            <RichTextEditor.Hr />
            <RichTextEditor.CodeBlock />
          </RichTextEditor.ControlsGroup>
          <RichTextEditor.ControlsGroup>
            <RichTextEditor.Link />
            <RichTextEditor.Unlink />
          </RichTextEditor.ControlsGroup>
          <RichTextEditor.ControlsGroup>
            <RichTextEditor.Undo />
            <RichTextEditor.Redo />
          </RichTextEditor.ControlsGroup>
        </RichTextEditor.Toolbar>
        <RichTextEditor.Content mih={240} />
      </RichTextEditor>
    </Input.Wrapper>
  );
}
