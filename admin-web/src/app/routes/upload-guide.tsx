import { Link } from 'react-router';
import { Card } from '../../components/ui/card';
import { downloadTemplate } from '../../features/products/api/download-template';

/** A short page explaining the two-step bulk upload. */
export default function UploadGuideRoute() {
  return (
    <div className="shell narrow">
      <p>
        <Link to="/products">← Back to Product Management</Link>
      </p>
      <Card title="Image upload guide" caption="How the two-step bulk upload works">
        <div className="prose">
          <h4>Step 1: upload the product images</h4>
          <p>
            In <strong>Bulk Upload → Step 1</strong>, choose up to 50 images at once (JPG, PNG, WebP or GIF, 10MB each). They upload with a progress bar; when
            they finish, the count of uploaded images is shown. Each image is remembered by its <strong>original file name</strong>, for example{' '}
            <code>naruto-sage.webp</code>.
          </p>
          <h4>Step 2: upload the CSV or Excel file</h4>
          <p>
            <a href="#template" onClick={(e) => (e.preventDefault(), void downloadTemplate())}>
              Download the template
            </a>{' '}
            and fill one row per product. Required columns: <code>name</code>, <code>category</code>, <code>price</code>. Optional: <code>id</code>,{' '}
            <code>originalPrice</code>, <code>discount</code>, <code>isOnSale</code>, <code>isNew</code>, <code>image</code>, <code>description</code>,{' '}
            <code>inStock</code>, <code>rating</code>, <code>reviews</code>, <code>stockQuantity</code>.
          </p>
          <p>
            In the <code>image</code> column write the <strong>file name</strong> you uploaded in step 1 (it is replaced by the uploaded image's address), or a
            full image URL, or a Google Drive share link.
          </p>
          <h4>Modes</h4>
          <ul>
            <li>
              <strong>add</strong> — creates products; rows that carry an <code>id</code> are ignored.
            </li>
            <li>
              <strong>update</strong> — only rows with an <code>id</code>, updating that product.
            </li>
            <li>
              <strong>upsert</strong> (default) — updates rows with a known <code>id</code> and creates the rest.
            </li>
            <li>
              <strong>deleteall</strong> — deletes every product; needs no file. Afterwards the mode returns to add.
            </li>
          </ul>
          <p>After the upload a report lists how many rows were processed, created and updated, and each row that failed with its reason.</p>
        </div>
      </Card>
    </div>
  );
}
