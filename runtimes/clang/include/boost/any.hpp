// boost::any for wasmeval's C++ toolchain: the part of Boost.Any that
// benchmark code uses (HumanEval-X's CPP/22 and CPP/137), header-only, with
// Boost's interface: any, any_cast, bad_any_cast. A failed any_cast of a
// value throws bad_any_cast, which ends the program as an uncaught
// exception does (see rt_cxx.cpp).
#pragma once

#include <typeinfo>
#include <type_traits>
#include <utility>
#include <stdexcept>

namespace boost {

class bad_any_cast : public std::bad_cast {
public:
    const char *what() const noexcept override {
        return "boost::bad_any_cast: failed conversion using boost::any_cast";
    }
};

class any {
public:
    any() noexcept : content(nullptr) {}

    template <typename ValueType,
              typename = typename std::enable_if<
                  !std::is_same<typename std::decay<ValueType>::type, any>::value>::type>
    any(ValueType &&value)
        : content(new holder<typename std::decay<ValueType>::type>(std::forward<ValueType>(value))) {}

    any(const any &other) : content(other.content ? other.content->clone() : nullptr) {}
    any(any &&other) noexcept : content(other.content) { other.content = nullptr; }
    ~any() { delete content; }

    any &swap(any &rhs) noexcept {
        std::swap(content, rhs.content);
        return *this;
    }
    any &operator=(const any &rhs) {
        any(rhs).swap(*this);
        return *this;
    }
    any &operator=(any &&rhs) noexcept {
        any(std::move(rhs)).swap(*this);
        return *this;
    }
    template <typename ValueType>
    any &operator=(ValueType &&rhs) {
        any(std::forward<ValueType>(rhs)).swap(*this);
        return *this;
    }

    bool empty() const noexcept { return content == nullptr; }
    void clear() noexcept { any().swap(*this); }
    const std::type_info &type() const noexcept {
        return content ? content->type() : typeid(void);
    }

private:
    struct placeholder {
        virtual ~placeholder() {}
        virtual const std::type_info &type() const noexcept = 0;
        virtual placeholder *clone() const = 0;
    };

    template <typename ValueType>
    struct holder : placeholder {
        template <typename T>
        explicit holder(T &&value) : held(std::forward<T>(value)) {}
        const std::type_info &type() const noexcept override { return typeid(ValueType); }
        placeholder *clone() const override { return new holder(held); }
        ValueType held;
    };

    placeholder *content;

    template <typename ValueType>
    friend ValueType *any_cast(any *) noexcept;
};

inline void swap(any &lhs, any &rhs) noexcept { lhs.swap(rhs); }

template <typename ValueType>
ValueType *any_cast(any *operand) noexcept {
    if (operand == nullptr || operand->type() != typeid(ValueType)) {
        return nullptr;
    }
    return &static_cast<any::holder<typename std::remove_cv<ValueType>::type> *>(operand->content)
                ->held;
}

template <typename ValueType>
inline const ValueType *any_cast(const any *operand) noexcept {
    return any_cast<ValueType>(const_cast<any *>(operand));
}

template <typename ValueType>
ValueType any_cast(any &operand) {
    typedef typename std::remove_reference<ValueType>::type nonref;
    nonref *result = any_cast<nonref>(&operand);
    if (result == nullptr) {
        throw bad_any_cast();
    }
    return static_cast<ValueType>(*result);
}

template <typename ValueType>
inline ValueType any_cast(const any &operand) {
    typedef typename std::remove_reference<ValueType>::type nonref;
    return any_cast<const nonref &>(const_cast<any &>(operand));
}

template <typename ValueType>
inline ValueType any_cast(any &&operand) {
    return any_cast<ValueType>(operand);
}

} // namespace boost
