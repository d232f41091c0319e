import './t0';
import { type ChangeEvent, useState } from 'react';
import { createRoot } from 'react-dom/client';
import { FIELDS, INITIAL_VALUES } from './fields';
import { reportWhenRendered } from './report';

// (b) The usual baseline: plain controlled inputs, one useState of every value at the form root,
// so every keystroke re-renders the whole form.
function PlainForm() {
  const [values, setValues] = useState<Record<string, string | number>>(INITIAL_VALUES);
  const onChange = (event: ChangeEvent<HTMLInputElement | HTMLSelectElement>) => {
    const { name, value } = event.target;
    setValues((current) => ({ ...current, [name]: value }));
  };
  return (
    <form aria-label="Benchmark form" noValidate onSubmit={(event) => event.preventDefault()}>
      {FIELDS.map((field) => (
        <div className="field" key={field.name}>
          <label htmlFor={field.name}>{field.label}</label>
          {field.kind === 'select' ? (
            <select id={field.name} name={field.name} value={values[field.name]} onChange={onChange}>
              <option value="" />
              {field.options.map((option) => (
                <option key={option.Value} value={option.Value}>
                  {option.Label}
                </option>
              ))}
            </select>
          ) : (
            <input
              id={field.name}
              name={field.name}
              type={field.kind}
              value={values[field.name]}
              onChange={onChange}
            />
          )}
        </div>
      ))}
    </form>
  );
}

reportWhenRendered('plain');
createRoot(document.getElementById('root')!).render(<PlainForm />);
