import './t0';
import { createRoot } from 'react-dom/client';
import { useForm } from 'react-hook-form';
import { FIELDS, INITIAL_VALUES } from './fields';
import { reportWhenRendered } from './report';

// (c) react-hook-form as its docs use it: `register` on uncontrolled inputs, default values.
function HookForm() {
  const { register, handleSubmit } = useForm<Record<string, string | number>>({
    defaultValues: INITIAL_VALUES,
  });
  return (
    <form aria-label="Benchmark form" noValidate onSubmit={handleSubmit(() => undefined)}>
      {FIELDS.map((field) => (
        <div className="field" key={field.name}>
          <label htmlFor={field.name}>{field.label}</label>
          {field.kind === 'select' ? (
            <select id={field.name} {...register(field.name)}>
              <option value="" />
              {field.options.map((option) => (
                <option key={option.Value} value={option.Value}>
                  {option.Label}
                </option>
              ))}
            </select>
          ) : (
            <input id={field.name} type={field.kind} {...register(field.name)} />
          )}
        </div>
      ))}
    </form>
  );
}

reportWhenRendered('rhf');
createRoot(document.getElementById('root')!).render(<HookForm />);
