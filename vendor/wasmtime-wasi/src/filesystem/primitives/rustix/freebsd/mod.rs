pub(crate) mod fs;
