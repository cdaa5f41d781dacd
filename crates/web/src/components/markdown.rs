//! Renders lesson text (see [`crate::markdown`]) as escaped Yew nodes; Python code blocks
//! can carry a button that loads them into the editor, on the machine their fence names.

use crate::markdown::{parse, Block, Inline};
use yew::prelude::*;

/// A lesson program to load: its source and the machine it is written for.
#[derive(Debug, Clone, PartialEq)]
pub struct LoadProgram {
    pub source: String,
    /// The topology the fence names (`machine=`); `None` keeps the current machine.
    pub machine: Option<String>,
}

/// The text to render and what a code block's "Load" button does.
#[derive(Properties, PartialEq)]
pub struct MarkdownProps {
    pub text: AttrValue,
    /// When set, Python code blocks get a button that sends their program here.
    #[prop_or_default]
    pub on_load: Option<Callback<LoadProgram>>,
}

fn inline(runs: &[Inline]) -> Html {
    runs.iter()
        .map(|run| match run {
            Inline::Text(text) => html! { { text } },
            Inline::Code(text) => html! { <code>{ text }</code> },
            Inline::Strong(runs) => html! { <strong>{ inline(runs) }</strong> },
            Inline::Emphasis(runs) => html! { <em>{ inline(runs) }</em> },
        })
        .collect()
}

/// Lesson text as headings, paragraphs, lists and code blocks.
#[function_component]
pub fn Markdown(props: &MarkdownProps) -> Html {
    let blocks = parse(&props.text);
    let block = |block: &Block| -> Html {
        match block {
            // Lesson headings sit under the panel's own title: shift them down a level.
            Block::Heading(level, runs) => match level {
                1 => html! { <h3>{ inline(runs) }</h3> },
                2 => html! { <h4>{ inline(runs) }</h4> },
                _ => html! { <h5>{ inline(runs) }</h5> },
            },
            Block::Paragraph(runs) => html! { <p>{ inline(runs) }</p> },
            Block::List { ordered, items } => {
                let items: Html = items
                    .iter()
                    .map(|item| html! { <li>{ inline(item) }</li> })
                    .collect();
                if *ordered {
                    html! { <ol>{ items }</ol> }
                } else {
                    html! { <ul>{ items }</ul> }
                }
            }
            Block::Code { language, text } => {
                let fence = lessons::programs::Fence::parse(language);
                let load = props.on_load.clone().zip(fence);
                html! {
                    <div class="code-block">
                        <pre><code>{ text }</code></pre>
                        if let Some((on_load, fence)) = load {
                            <button class="load-code" data-testid="load-code" onclick={
                                let request = LoadProgram { source: format!("{text}\n"), machine: fence.machine };
                                Callback::from(move |_: MouseEvent| on_load.emit(request.clone()))
                            }>{ "Load in editor" }</button>
                        }
                    </div>
                }
            }
        }
    };
    html! { <div class="markdown">{ for blocks.iter().map(block) }</div> }
}
