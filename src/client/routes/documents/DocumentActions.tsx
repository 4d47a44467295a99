import { ExternalLink, Pencil, Trash2 } from 'lucide-react';
import { ForEditors } from '../../components/ForEditors';
import { Button, buttonClasses } from '../../components/ui/Button';
import { type DocumentItem, fileUrl } from './api';

/** Open, edit and delete of one receipt, in its table row or its card. */
export function DocumentActions(props: {
  document: DocumentItem;
  canEdit: boolean;
  deleting: boolean;
  onEdit: () => void;
  onDelete: () => void;
}) {
  const { name } = props.document;
  return (
    <div className="flex justify-end gap-1">
      <a
        href={fileUrl(props.document.id)}
        target="_blank"
        rel="noopener noreferrer"
        className={buttonClasses({ variant: 'ghost', size: 'icon' })}
        aria-label={`„${name}“ öffnen`}
        title="Öffnen"
      >
        <ExternalLink aria-hidden="true" className="size-4" />
      </a>
      <ForEditors>
        <Button
          variant="ghost"
          size="icon"
          aria-label={`„${name}“ bearbeiten`}
          title="Bearbeiten"
          disabled={!props.canEdit}
          onClick={props.onEdit}
        >
          <Pencil aria-hidden="true" className="size-4" />
        </Button>
        <Button
          variant="ghost"
          size="icon"
          className="text-red-700 hover:bg-red-50"
          aria-label={`„${name}“ löschen`}
          title="Löschen"
          disabled={props.deleting}
          onClick={props.onDelete}
        >
          <Trash2 aria-hidden="true" className="size-4" />
        </Button>
      </ForEditors>
    </div>
  );
}
