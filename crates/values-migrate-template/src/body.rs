//! The bodies of `if`, `range`, `with`, `block` and `define`: Go reads each by recursion
//! (`itemList`, `parseControl`); this port keeps the open ones on a stack and the lists being
//! read on another, so a template nests as deep as the limit allows without using call stack.

use crate::ast::{Branch, Node, Pipe, Tree};
use crate::item::Kind;
use crate::parse::{Fail, Parser};
use crate::steps::{Body, Control, Ending, Open, Step};
use crate::strconv::quote;

/// How deep bodies (`if`, `range`, `with`, `block`, `define`, and each `else if` of a chain,
/// which nests in the tree) may nest; Go sets no limit, but whoever walks the tree recurses.
const MAX_NESTING: usize = 1000;

impl<'t> Parser<'t> {
    /// Go's `parse` and every `itemList` below it: the top level's nodes, each body read into
    /// the list on top of `lists` until its `{{end}}`.
    pub(crate) fn lists(&mut self) -> Result<Vec<Node>, Fail> {
        let mut bodies: Vec<Body<'t>> = Vec::new();
        let mut lists: Vec<Vec<Node>> = vec![Vec::new()];
        loop {
            if bodies.is_empty() {
                if self.peek().kind == Kind::Eof {
                    break;
                }
                if let Some(define) = self.definition()? {
                    bodies.push(define);
                    lists.push(Vec::new());
                    continue;
                }
            } else if self.peek_non_space().kind == Kind::Eof {
                let eof = self.peek_non_space();
                return self.fail(eof.pos, "unexpected EOF".into());
            }
            match self.text_or_action()? {
                Step::Node(node) => push(&mut lists, node),
                Step::Open(body) => {
                    if depth(&bodies) >= MAX_NESTING {
                        let pos = match &body {
                            Body::Control(open) => open.branch.0,
                            Body::Block { pos, .. } | Body::Define { start: pos, .. } => *pos,
                        };
                        return self.fail(pos, crate::error::NESTING_LIMIT.into());
                    }
                    bodies.push(body);
                    lists.push(Vec::new());
                }
                Step::End(ending) => self.close(&mut bodies, &mut lists, ending)?,
            }
        }
        Ok(lists.pop().unwrap_or_default())
    }

    /// `{{if pipeline}}`, `{{range pipeline}}` or `{{with pipeline}}` (keyword at `pos`).
    pub(crate) fn open_control(&mut self, control: Control, pos: usize) -> Result<Step<'t>, Fail> {
        let scope = self.scope.vars.len();
        let pipe = self.pipeline(control.context(), Kind::RightDelim)?;
        if control == Control::Range {
            self.scope.range_depth += 1;
        }
        Ok(Step::Open(Body::Control(Open {
            control,
            scope,
            links: Vec::new(),
            branch: (pos, pipe),
            in_else: false,
        })))
    }

    /// A list ends: the body on top of `bodies` takes it, closing or going on to its `else`.
    fn close(
        &mut self,
        bodies: &mut Vec<Body<'t>>,
        lists: &mut Vec<Vec<Node>>,
        ending: Ending,
    ) -> Result<(), Fail> {
        let (Some(body), Some(list)) = (bodies.pop(), lists.pop()) else {
            return match ending {
                Ending::End(pos) => self.fail(pos, "unexpected {{end}}".into()),
                Ending::Else(pos) => self.fail(pos, "unexpected {{else}}".into()),
            };
        };
        let node = match (body, ending) {
            (Body::Control(open), Ending::End(_)) => self.close_control(open, list),
            (Body::Control(open), Ending::Else(pos)) => {
                let open = self.else_branch(open, list, pos, depth(bodies))?;
                bodies.push(Body::Control(open));
                lists.push(Vec::new());
                return Ok(());
            }
            (Body::Block { outer, .. }, Ending::Else(pos)) => {
                // Go reports this on the enclosing template, at the line it read last.
                self.scope = outer;
                return self.fail(pos, "unexpected {{else}} in block clause".into());
            }
            (Body::Define { .. }, Ending::Else(pos)) => {
                return self.fail(pos, "unexpected {{else}} in define clause".into());
            }
            (
                Body::Block {
                    pos,
                    start,
                    name,
                    pipe,
                    outer,
                },
                Ending::End(_),
            ) => {
                self.add(name.clone(), start, list)?;
                self.scope = outer;
                let pipe = Some(pipe);
                Node::Template { pos, name, pipe }
            }
            (Body::Define { start, name, outer }, Ending::End(_)) => {
                self.add(name, start, list)?;
                self.scope = outer;
                return Ok(());
            }
        };
        self.scope.action_start = None;
        push(lists, node);
        Ok(())
    }

    /// `{{else}}` in an open control: the next branch of an `else if` (`else with`) chain, or
    /// the final `else` list.
    fn else_branch(
        &mut self,
        mut open: Open,
        list: Vec<Node>,
        pos: usize,
        depth: usize,
    ) -> Result<Open, Fail> {
        if open.in_else {
            return self.fail(pos, "expected end; found {{else}}".into());
        }
        if open.control == Control::Range {
            self.scope.range_depth = self.scope.range_depth.saturating_sub(1);
        }
        let chained = match open.control {
            Control::If => Kind::If,
            Control::With => Kind::With,
            Control::Range => Kind::Range,
        };
        if open.control != Control::Range && self.peek().kind == chained {
            let keyword = self.next();
            if depth + open.links.len() + 2 > MAX_NESTING {
                return self.fail(keyword.pos, crate::error::NESTING_LIMIT.into());
            }
            let pipe = self.pipeline(open.control.context(), Kind::RightDelim)?;
            let (at, done) = std::mem::replace(&mut open.branch, (keyword.pos, pipe));
            open.links.push((at, done, list));
        } else {
            let (at, done) = std::mem::replace(&mut open.branch, (pos, Pipe::empty(pos)));
            open.links.push((at, done, list));
            open.in_else = true;
        }
        Ok(open)
    }

    /// `{{end}}` of an open control: its branches nested as Go nests an `else if` chain.
    fn close_control(&mut self, mut open: Open, list: Vec<Node>) -> Node {
        let mut else_list = None;
        if open.in_else {
            else_list = Some(list);
        } else {
            if open.control == Control::Range {
                self.scope.range_depth = self.scope.range_depth.saturating_sub(1);
            }
            open.links.push((open.branch.0, open.branch.1, list));
        }
        self.scope.vars.truncate(open.scope);
        let mut branch = None;
        while let Some((pos, pipe, list)) = open.links.pop() {
            if let Some(inner) = branch.take() {
                else_list = Some(vec![open.control.node(inner)]);
            }
            branch = Some(Branch {
                pos,
                pipe,
                list,
                else_list: else_list.take(),
            });
        }
        match branch {
            Some(branch) => open.control.node(branch),
            None => Node::Text { pos: 0, end: 0 },
        }
    }

    /// Records a `define`d or `block` tree as Go's `Tree.add` does: an empty tree gives way.
    pub(crate) fn add(&mut self, name: String, pos: usize, root: Vec<Node>) -> Result<(), Fail> {
        let tree = Tree {
            name,
            file: self.file.to_string(),
            pos,
            root,
        };
        match self.trees.iter().position(|t| t.name == tree.name) {
            None => self.trees.push(tree),
            Some(i) if self.is_empty(&self.trees[i].root) => self.trees[i] = tree,
            Some(_) if self.is_empty(&tree.root) => {}
            Some(_) => return self.multiple_definition(&tree.name),
        }
        Ok(())
    }

    pub(crate) fn multiple_definition<T>(&self, name: &str) -> Result<T, Fail> {
        let pos = self.lexed.items.get(self.scope.seen).map_or(0, |i| i.pos);
        let message = format!("template: multiple definition of template {}", quote(name));
        self.fail(pos, message)
    }

    pub(crate) fn is_empty(&self, nodes: &[Node]) -> bool {
        is_empty_tree(nodes, self.lexed.text)
    }
}

/// How deep the tree is at the list being read: a body each, an `else if` each.
fn depth(bodies: &[Body<'_>]) -> usize {
    let own = |body: &Body<'_>| match body {
        Body::Control(open) => 1 + open.links.len(),
        _ => 1,
    };
    bodies.iter().map(own).sum()
}

/// Appends a node to the list being read.
fn push(lists: &mut [Vec<Node>], node: Node) {
    if let Some(list) = lists.last_mut() {
        list.push(node);
    }
}

/// Go's `IsEmptyTree`: nothing but space (Unicode's, as `bytes.TrimSpace`) and comments.
pub(crate) fn is_empty_tree(nodes: &[Node], text: &str) -> bool {
    nodes.iter().all(|node| match node {
        Node::Comment { .. } => true,
        Node::Text { pos, end } => text.get(*pos..*end).unwrap_or("").trim().is_empty(),
        _ => false,
    })
}

impl Pipe {
    /// A pipeline with nothing in it yet, at `pos`.
    pub(crate) fn empty(pos: usize) -> Pipe {
        Pipe {
            pos,
            is_assign: false,
            decl: Vec::new(),
            cmds: Vec::new(),
        }
    }
}
