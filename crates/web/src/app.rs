//! The root component: wires the state, the engine worker and the components together.

use crate::components::{Console, Editor, Toolbar};
use crate::engine_client::EngineClient;
use crate::protocol::RunMessage;
use crate::state::{Action, RunStatus, State};
use std::rc::Rc;
use yew::prelude::*;

/// The whole playground page.
#[function_component]
pub fn App() -> Html {
    let state = use_reducer(State::default);
    let client = {
        let dispatcher = state.dispatcher();
        use_memo((), move |_| {
            EngineClient::new(move |message| {
                dispatcher.dispatch(Action::Finished {
                    id: message.id,
                    outcome: Box::new(message.outcome),
                })
            })
        })
    };

    // Sending a run to the worker is a side effect of the state reaching a new run id, so it
    // reads the program and topology from that state, never from a stale render.
    {
        let state = state.clone();
        let client = Rc::clone(&client);
        use_effect_with(state.last_run_id, move |&id| {
            if id != 0 {
                let message = RunMessage {
                    id,
                    source: state.source.clone(),
                    topology: state.topology.clone(),
                };
                let sent = match client.as_ref() {
                    Ok(client) => client.run(&message),
                    Err(error) => Err(error.clone()),
                };
                if let Err(error) = sent {
                    state.dispatch(Action::Finished {
                        id,
                        outcome: Box::new(Err(error)),
                    });
                }
            }
        });
    }
    let on_run = {
        let state = state.clone();
        Callback::from(move |()| state.dispatch(Action::Run))
    };
    let on_stop = {
        let state = state.clone();
        let client = Rc::clone(&client);
        Callback::from(move |()| {
            if let Ok(client) = client.as_ref() {
                if let Err(error) = client.stop() {
                    state.dispatch(Action::Finished {
                        id: state.last_run_id,
                        outcome: Box::new(Err(error)),
                    });
                    return;
                }
            }
            state.dispatch(Action::Stopped);
        })
    };
    let on_edit = {
        let state = state.clone();
        Callback::from(move |source| state.dispatch(Action::Edit(source)))
    };
    let on_topology = {
        let state = state.clone();
        Callback::from(move |name| state.dispatch(Action::PickTopology(name)))
    };
    let running = matches!(state.status, RunStatus::Running(_));

    html! {
        <main class="playground">
            <Toolbar topology={state.topology.clone()} {running} {on_topology} on_run={on_run.clone()} {on_stop} />
            <div class="workspace">
                <Editor source={state.source.clone()} {on_edit} {on_run} />
                <Console status={state.status.clone()} />
            </div>
        </main>
    }
}
